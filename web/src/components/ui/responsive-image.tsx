import type { ImageSource } from '../../content/school';
import { cn } from './cn';

export interface ResponsiveImageProps {
  source: ImageSource;
  alt: string;
  /** The `sizes` attribute: how wide the image is drawn at each breakpoint. */
  sizes: string;
  /** Above the fold: load at once with high priority. Otherwise lazy. */
  priority?: boolean;
  className?: string;
}

/** A WebP image with a width-based srcset, intrinsic width/height (no layout shift) and lazy loading by default. */
export function ResponsiveImage({ source, alt, sizes, priority, className }: ResponsiveImageProps) {
  const srcSet = source.widths.map((w) => `${source.base}-${w}.webp ${w}w`).join(', ');
  const smallest = source.widths[0];
  return (
    <img
      className={cn(className)}
      src={`${source.base}-${smallest}.webp`}
      srcSet={srcSet}
      sizes={sizes}
      width={source.width}
      height={source.height}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={priority ? 'high' : undefined}
    />
  );
}
