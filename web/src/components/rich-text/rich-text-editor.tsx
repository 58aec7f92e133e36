import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';

/**
 * The rich-text editor of the Website section, on TipTap (ProseMirror), limited to what the public site styles
 * and the server's sanitiser keeps (core/src/site/rich-text.ts): paragraphs, two heading levels, bold, italic,
 * links, bulleted and numbered lists, line breaks and our own photos. Whatever it sends is sanitised again on the
 * server; it is a convenience, not a safeguard.
 *
 * Admin code only: it is imported by admin route chunks and never by a public page (Home's JS budget).
 */
/** Where a photo picker plugs in: answers the photo to insert, or null when the admin cancelled. */
export type InsertImage = () => Promise<{ src: string; alt: string } | null>;

export interface RichTextEditorProps {
  id: string;
  label: string;
  value: string;
  onChange: (html: string) => void;
  describedBy?: string;
  /** Where a photo picker plugs in (the app's routes pass one): an "Insert photo" button appears with it. */
  onInsertImage?: InsertImage;
}

interface ToolButton {
  label: string;
  text: string;
  isActive: (e: Editor) => boolean;
  run: (e: Editor) => void;
}

const BUTTONS: ToolButton[] = [
  {
    label: 'Heading',
    text: 'Heading',
    isActive: (e) => e.isActive('heading', { level: 2 }),
    run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(),
  },
  {
    label: 'Subheading',
    text: 'Subheading',
    isActive: (e) => e.isActive('heading', { level: 3 }),
    run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(),
  },
  { label: 'Bold', text: 'B', isActive: (e) => e.isActive('bold'), run: (e) => e.chain().focus().toggleBold().run() },
  {
    label: 'Italic',
    text: 'I',
    isActive: (e) => e.isActive('italic'),
    run: (e) => e.chain().focus().toggleItalic().run(),
  },
  {
    label: 'Bulleted list',
    text: 'Bulleted list',
    isActive: (e) => e.isActive('bulletList'),
    run: (e) => e.chain().focus().toggleBulletList().run(),
  },
  {
    label: 'Numbered list',
    text: 'Numbered list',
    isActive: (e) => e.isActive('orderedList'),
    run: (e) => e.chain().focus().toggleOrderedList().run(),
  },
];

/** The link schemes the server keeps; anything else is refused here with a message rather than dropped later. */
const LINK_PATTERN = /^(https?:\/\/|mailto:|tel:)\S+$/i;

export function RichTextEditor({ id, label, value, onChange, describedBy, onInsertImage }: RichTextEditorProps) {
  const labelId = useId();
  const linkInputId = useId();
  const [linkOpen, setLinkOpen] = useState(false);
  const [linkHref, setLinkHref] = useState('');
  const [linkError, setLinkError] = useState('');
  const linkInput = useRef<HTMLInputElement>(null);
  // The link box opens with its field focused, so the address can be typed (or pasted) at once.
  useEffect(() => {
    if (linkOpen) linkInput.current?.focus();
  }, [linkOpen]);

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        blockquote: false,
        code: false,
        codeBlock: false,
        horizontalRule: false,
        strike: false,
        underline: false,
        link: { openOnClick: false, autolink: true, protocols: ['mailto', 'tel'], defaultProtocol: 'https' },
      }),
      Image.configure({ inline: false }),
    ],
    content: value,
    shouldRerenderOnTransaction: true,
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });

  // A value replaced from outside (a restored revision, a discarded draft) replaces the editor's content.
  useEffect(() => {
    if (!editor) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if (current !== value) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  const openLink = () => {
    if (!editor) return;
    setLinkHref((editor.getAttributes('link').href as string | undefined) ?? '');
    setLinkError('');
    setLinkOpen(true);
  };
  const applyLink = () => {
    if (!editor) return;
    const href = linkHref.trim();
    if (!LINK_PATTERN.test(href)) {
      setLinkError('Give a full address starting with https://, mailto: or tel:');
      return;
    }
    editor.chain().focus().extendMarkRange('link').setLink({ href }).run();
    setLinkOpen(false);
  };
  const closeLink = () => {
    setLinkOpen(false);
    editor?.commands.focus();
  };
  // The link box sits inside the page's own form (an appeal's, a post's), so it is no <form> of its own: Enter in
  // its field applies the link here and never submits the form around it; Escape closes it.
  const onLinkKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
      e.preventDefault();
      applyLink();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      closeLink();
    }
  };
  const removeLink = () => {
    editor?.chain().focus().extendMarkRange('link').unsetLink().run();
    setLinkOpen(false);
  };
  const insertImage = async () => {
    if (!editor || !onInsertImage) return;
    const picked = await onInsertImage();
    if (picked) editor.chain().focus().setImage({ src: picked.src, alt: picked.alt }).run();
  };

  return (
    <div className="adm-field rte">
      <span id={labelId} className="adm-label">
        {label}
      </span>
      <div role="toolbar" aria-label={`${label}: formatting`} aria-controls={id} className="rte__toolbar">
        {BUTTONS.map((b) => (
          <button
            key={b.label}
            type="button"
            className="rte__button"
            aria-pressed={editor ? b.isActive(editor) : false}
            disabled={!editor}
            onClick={() => editor && b.run(editor)}
          >
            {/* The name is the word (axe: a visible "H2" must not disagree with an aria-label "Heading"). */}
            <span aria-hidden="true">{b.text}</span>
            <span className="sr-only">{b.label}</span>
          </button>
        ))}
        <button
          type="button"
          className="rte__button"
          aria-label="Link"
          aria-pressed={editor ? editor.isActive('link') : false}
          aria-expanded={linkOpen}
          disabled={!editor}
          onClick={openLink}
        >
          Link
        </button>
        {onInsertImage && (
          <button
            type="button"
            className="rte__button"
            aria-label="Insert photo"
            disabled={!editor}
            onClick={() => void insertImage()}
          >
            Photo
          </button>
        )}
      </div>
      {linkOpen && (
        <div className="rte__link" role="group" aria-label={`${label}: link`}>
          <label htmlFor={linkInputId}>Link address</label>
          <input
            ref={linkInput}
            id={linkInputId}
            type="text"
            inputMode="url"
            value={linkHref}
            aria-invalid={linkError ? true : undefined}
            aria-describedby={linkError ? `${linkInputId}-error` : undefined}
            onChange={(e) => setLinkHref(e.target.value)}
            onKeyDown={onLinkKeyDown}
          />
          <button type="button" className="rte__button" onClick={applyLink}>
            Apply link
          </button>
          <button type="button" className="rte__button" onClick={removeLink}>
            Remove link
          </button>
          <button type="button" className="rte__button" onClick={closeLink}>
            Cancel
          </button>
          {linkError && (
            <p id={`${linkInputId}-error`} className="adm-error" role="alert">
              {linkError}
            </p>
          )}
        </div>
      )}
      <EditorContent editor={editor} className="rte__content" />
    </div>
  );
}
