import StaffBar from '../features/editor/components/StaffBar';

/** The editor, fetched when staff open it: its chunk names are listed here, in the staff tools' chunk, not in every visitor's entry. */
const loadEditor = () => import('../features/page-builder/components/EditorPanel');

/** The admin bar with the editor behind it, as one chunk loaded only for staff. */
export default function StaffTools({ siteName }: { siteName: string }) {
  return <StaffBar siteName={siteName} loadEditor={loadEditor} />;
}
