/** The three roles, and what each may do in the words the Admins page shows. */
export const ROLE_OPTIONS = [
  { value: 'bookkeeper', label: 'Bookkeeper' },
  { value: 'editor', label: 'Website editor' },
  { value: 'owner', label: 'Owner' },
];

export const ROLE_HINT =
  'Owners can do everything, admins and settings included. Bookkeepers see everything, record and delete manual gifts, export and send statements; they cannot delete donors, manage admins or change settings. Website editors edit the public website (pages, news, events, photos) and see no donor, gift or money data.';

export const ROLE_LABEL: Record<string, string> = {
  owner: 'Owner',
  bookkeeper: 'Bookkeeper',
  editor: 'Website editor',
};
