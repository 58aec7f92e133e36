import type { ReactNode } from 'react';
import { Redirect, useLocation } from 'wouter';
import { AdminNav, roleMayOpen } from '../../../components/layout/admin-nav';
import { AdminPageHeader } from '../../../components/layout/admin-page-header';
import { AccountActions } from '../../../features/auth/components/account-actions';
import { AdminGate } from '../../../features/auth/components/admin-gate';
import type { AdminDto } from '../../../lib/api-types';
import { AdminArea } from './admin-area';

/**
 * An admin screen behind the session: header (eyebrow, title, the account buttons), the admin navigation, then
 * the page. `owners` screens tell a bookkeeper so instead of showing a page of refusals; an editor who opens a
 * screen outside the Website section (a bookmark, a typed address) is taken to the Website section.
 */
export function AdminScreen({
  eyebrow,
  title,
  subtitle,
  owners,
  children,
}: {
  eyebrow: string;
  title: string;
  subtitle?: string;
  owners?: boolean;
  children: (admin: AdminDto) => ReactNode;
}) {
  const [location] = useLocation();
  return (
    <AdminArea>
      <AdminGate>
        {(admin) =>
          !roleMayOpen(admin.role, location) && admin.role === 'editor' ? (
            <Redirect to="/admin/website" replace />
          ) : (
            <div className="adm-page">
              <AdminPageHeader
                eyebrow={eyebrow}
                title={title}
                subtitle={subtitle && <p className="adm-muted">{subtitle}</p>}
                actions={<AccountActions admin={admin} />}
              />
              <AdminNav role={admin.role} />
              {owners && admin.role !== 'owner' ? (
                <p className="adm-empty">Only owners can use this page.</p>
              ) : (
                children(admin)
              )}
            </div>
          )
        }
      </AdminGate>
    </AdminArea>
  );
}
