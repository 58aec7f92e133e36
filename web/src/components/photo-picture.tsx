import type { PhotoImageDto } from '../lib/api-types';
import { SizedImage } from './ui/responsive-image';

/**
 * A photo of the school's library as a <picture>: AVIF, then WebP, then the JPEG fallback, each at every width
 * made; the <img> itself is the site's one sized image (width and height given, lazy unless above the fold).
 */
export function PhotoPicture({
  image,
  alt,
  sizes,
  priority,
  className,
}: {
  image: PhotoImageDto;
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
      <SizedImage
        className={className}
        src={image.src}
        srcSet={jpeg?.srcset}
        sizes={sizes}
        width={image.width}
        height={image.height}
        alt={alt}
        priority={priority}
      />
    </picture>
  );
}
