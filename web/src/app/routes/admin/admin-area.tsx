import type { ReactNode } from 'react';
import '../../../styles/admin.css';

/**
 * Wraps every admin screen in the admin theme (styles/admin.css sets the UI kit's tokens on .adm-root); the
 * dialogs render inside it and take it too. Importing the stylesheet here keeps it out of the public pages.
 */
export function AdminArea({ children }: { children: ReactNode }) {
  return <div className="adm-root">{children}</div>;
}
