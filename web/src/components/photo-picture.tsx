import type { PhotoImageDto } from '../lib/api-types';

/**
 * A photo of the school's library as a <picture>: AVIF, then WebP, then the JPEG fallback, each at every width
 * made; width and height given so the page does not shift as it loads; lazy unless above the fold.
 */
export function PhotoPicture({
  image,
  alt,
  sizes,
  priority,
  className,
}: {
  image: PhotoImageDto;
  /** Plain text (React writes it as an attribute value: never markup). */
  alt: string;
  sizes: string;
  priority?: boolean;
  className?: string;
}) {
  const [jpeg] = image.sources.filter((s) => s.type === 'image/jpeg');
  return (
    <picture>
      {image.sources
        .filter((s) => s.type !== 'image/jpeg')
        .map((s) => (
          <source key={s.type} type={s.type} srcSet={s.srcset} sizes={sizes} />
        ))}
      <img
        className={className}
        src={image.src}
        srcSet={jpeg?.srcset}
        sizes={sizes}
        width={image.width}
        height={image.height}
        alt={alt}
        loading={priority ? 'eager' : 'lazy'}
        decoding="async"
        fetchPriority={priority ? 'high' : undefined}
      />
    </picture>
  );
}
