import type { ImageSource } from '../../content/school';
import { cn } from './cn';

export interface SizedImageProps {
  src: string;
  srcSet?: string;
  /** The `sizes` attribute: how wide the image is drawn at each breakpoint. */
  sizes: string;
  /** The image's own size, so the page keeps its space while it loads (no layout shift). */
  width: number;
  height: number;
  /** Plain text (React writes it as an attribute value: never markup). */
  alt: string;
  /** Above the fold: load at once with high priority. Otherwise lazy. */
  priority?: boolean;
  className?: string;
}

/** The one <img> of the site: intrinsic width and height, lazy unless above the fold, decoded off the main thread. */
export function SizedImage({ src, srcSet, sizes, width, height, alt, priority, className }: SizedImageProps) {
  return (
    <img
      className={cn(className)}
      src={src}
      srcSet={srcSet}
      sizes={sizes}
      width={width}
      height={height}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={priority ? 'high' : undefined}
    />
  );
}

export interface ResponsiveImageProps {
  source: ImageSource;
  alt: string;
  sizes: string;
  priority?: boolean;
  className?: string;
}

/** One of the site's own built-in images: WebP at each width made. */
export function ResponsiveImage({ source, ...rest }: ResponsiveImageProps) {
  return (
    <SizedImage
      src={`${source.base}-${source.widths[0]}.webp`}
      srcSet={source.widths.map((w) => `${source.base}-${w}.webp ${w}w`).join(', ')}
      width={source.width}
      height={source.height}
      {...rest}
    />
  );
}
