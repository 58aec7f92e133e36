import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import type { AdminDto } from '../../../lib/api-types';
import { useLogout } from '../api/logout';
import { AccountDialog } from './account-dialog';

/** The signed-in admin's buttons: Account (change password, sign out everywhere) and Sign Out. */
export function AccountActions({ admin }: { admin: AdminDto }) {
  const logout = useLogout();
  const [accountOpen, setAccountOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setAccountOpen(true)}>
        Account
      </Button>
      <Button variant="outline" onClick={() => logout.mutate()} disabled={logout.isPending}>
        Sign Out
      </Button>
      <AccountDialog admin={admin} open={accountOpen} onOpenChange={setAccountOpen} />
    </>
  );
}
