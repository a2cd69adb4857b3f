import { ChoiceSelect } from '../../components/choice-select';
import { ROLES, ROLE_LABELS, type Role } from '../../../shared/domain/roles';

const options = ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }));

export function RoleSelect({ value, onChange, label = 'Rol' }: { value: Role; onChange(role: Role): void; label?: string }) {
  return <ChoiceSelect label={label} data={options} value={value} onChange={(v) => v && onChange(v as Role)} />;
}

export const roleLabel = (role: string) => ROLE_LABELS[role as Role] ?? `Bilinmeyen rol (${role})`;
