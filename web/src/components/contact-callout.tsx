import type { CSSProperties } from 'react';
import { Link } from 'wouter';
import { buttonClass, type ButtonSize } from './ui/button';

/** The box that closes a public page (About, Programs): a heading, a sentence and the Contact Us button. */
export function ContactCallout({
  title,
  titleId,
  text,
  size,
  style,
}: {
  title: string;
  /** For a section labelled by this heading. */
  titleId?: string;
  text: string;
  size?: ButtonSize;
  style?: CSSProperties;
}) {
  return (
    <div className="callout" style={style}>
      <h2 id={titleId}>{title}</h2>
      <p>{text}</p>
      <div className="row">
        <Link href="/contact" className={buttonClass({ size })}>
          Contact Us
        </Link>
      </div>
    </div>
  );
}
