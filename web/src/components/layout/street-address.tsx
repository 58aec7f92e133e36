import { school } from '../../content/school';

/** The school's street address on two lines (footer and Contact page). */
export function StreetAddress() {
  return (
    <p>
      {school.address.street}
      <br />
      {school.address.city}, {school.address.state} {school.address.zip}
    </p>
  );
}
