import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { PREVIEW_STORAGE_KEY } from '../../../content/site-pages';

const WIDTHS = [
  { px: 390, label: 'Phone' },
  { px: 1280, label: 'Desktop' },
];

/**
 * The page as visitors will see it, with the saved draft, at a phone's and a desktop's width: the public page
 * itself in a frame of this tab (so its own layout rules apply at that width), told by sessionStorage which
 * draft to show. The draft shown is the one the server saved and sanitised.
 */
export function PagePreview({
  page,
  label,
  path,
  content,
}: {
  page: string;
  label: string;
  path: string;
  content: Record<string, string>;
}) {
  const [width, setWidth] = useState(390);
  sessionStorage.setItem(PREVIEW_STORAGE_KEY, JSON.stringify({ page, content }));
  const src = `${path}${path.includes('?') ? '&' : '?'}site-preview=1&w=${width}`;
  return (
    <section className="site-preview" aria-labelledby="site-preview-title">
      <h2 id="site-preview-title" className="adm-section-title">
        Preview of {label} (the saved draft)
      </h2>
      <div className="site-preview__widths" role="group" aria-label="Preview width">
        {WIDTHS.map((w) => (
          <Button
            key={w.px}
            variant={width === w.px ? 'primary' : 'outline'}
            size="sm"
            aria-pressed={width === w.px}
            onClick={() => setWidth(w.px)}
          >
            {w.label} ({w.px} px)
          </Button>
        ))}
      </div>
      <div className="site-preview__frame-wrap">
        <iframe
          key={`${src}:${JSON.stringify(content).length}`}
          className="site-preview__frame"
          title={`Preview of ${label} at ${width} pixels wide`}
          src={src}
          width={width}
          height={760}
        />
      </div>
    </section>
  );
}
