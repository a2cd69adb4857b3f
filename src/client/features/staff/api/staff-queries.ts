import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Role } from '../../../../shared/domain/roles';
import type { StaffMember } from '../../../../shared/staff-contract';
import { api } from '../../../api/http';
import { queryKeys } from '../../../api/query-keys';
import { hasRestaurant, restaurantPath } from '../../../api/restaurant';

/** Personel Listesi, searched and filtered by the server; a live 'staff' event refreshes every list. */
export const staffListQuery = (filter: { search: string; role: Role | '' }) => {
  const search = filter.search.trim();
  const query = new URLSearchParams();
  if (search) query.set('search', search);
  if (filter.role) query.set('role', filter.role);
  return queryOptions({
    queryKey: queryKeys.staff({ search, role: filter.role }),
    queryFn: () => api<StaffMember[]>(restaurantPath(`/staff?${query}`)),
    enabled: hasRestaurant,
  });
};

export const useStaffList = (filter: { search: string; role: Role | '' }) => useQuery(staffListQuery(filter));
