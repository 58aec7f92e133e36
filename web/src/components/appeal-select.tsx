import type { AppealAdminDto } from '../lib/api-types';
import { useAppeals } from '../lib/appeals';
import { SelectField } from './ui/field';

/**
 * The one appeal select of the admin screens (the lists' Appeal filter, the manual gift's Appeal, a gift's Change
 * Appeal): `none` first (the value ''), then the appeals `offered` keeps, each named by `labelOf`. Nothing while
 * no appeal is offered, so a school without appeals sees no empty list.
 */
export function AppealSelect({
  value,
  onValueChange,
  none,
  offered = () => true,
  labelOf = (a) => a.page.name,
  label = 'Appeal',
  hint,
  id,
  name,
  className,
}: {
  value: string;
  onValueChange: (id: string) => void;
  /** The first choice's words ("Any appeal", "None"). */
  none: string;
  offered?: (a: AppealAdminDto) => boolean;
  labelOf?: (a: AppealAdminDto) => string;
  label?: string;
  hint?: string;
  id?: string;
  name?: string;
  className?: string;
}) {
  const appeals = (useAppeals().data ?? []).filter(offered);
  if (appeals.length === 0) return null;
  return (
    <SelectField
      id={id}
      name={name}
      label={label}
      hint={hint}
      className={className}
      value={value}
      onValueChange={onValueChange}
      options={[{ value: '', label: none }, ...appeals.map((a) => ({ value: a.id, label: labelOf(a) }))]}
    />
  );
}
