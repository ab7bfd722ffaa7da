import ReactQuill from 'react-quill-new';
import 'react-quill-new/dist/quill.snow.css';

/** The toolbar (icons only, no English picker labels): headings, emphasis, colour, lists, alignment, quote, link (no embedded files). */
const MODULES = {
  toolbar: [
    [{ header: 2 }, { header: 3 }],
    ['bold', 'italic', 'underline', 'strike'],
    [{ color: [] }, { background: [] }],
    [{ list: 'ordered' }, { list: 'bullet' }],
    [{ align: [] }],
    ['blockquote', 'link'],
    ['clean'],
  ],
};

const FORMATS = ['header', 'bold', 'italic', 'underline', 'strike', 'color', 'background', 'list', 'align', 'blockquote', 'link'];

/**
 * The article body editor (Quill 2 through react-quill-new), a lazy chunk loaded by the article
 * dialog only. Its HTML is sanitized again by the server.
 */
export default function RichEditor({ value, onChange, placeholder }: { value?: string; onChange?: (html: string) => void; placeholder?: string }) {
  return (
    <div className="bh-editor">
      <ReactQuill theme="snow" value={value ?? ''} onChange={(html) => onChange?.(html)} modules={MODULES} formats={FORMATS} placeholder={placeholder} />
    </div>
  );
}
