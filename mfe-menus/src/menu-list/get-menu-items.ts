import { apiRequest } from '@samgyup/shared';
import type { PublicMenuItem } from '@samgyup/shared/validation';

export type MenuItem = PublicMenuItem;

export type MenuEndpoint = 'featured' | 'unlimited' | 'alacarte' | 'sidedishes';

export const menuPath = (endpoint: MenuEndpoint) => `/api/inventory/menu/${endpoint}`;

/** The items of a menu answer; throws when the answer is not a list. */
export function readMenuItems(answer: unknown): MenuItem[] {
  const response = answer as { success?: boolean; data?: MenuItem[]; message?: string } | null;
  if (response?.success === false || !Array.isArray(response?.data)) {
    throw new Error(response?.message ?? 'The menu answer was not a list.');
  }
  return response.data;
}

export async function getMenuItems(endpoint: MenuEndpoint, signal?: AbortSignal): Promise<MenuItem[]> {
  return readMenuItems(await apiRequest<unknown>(menuPath(endpoint), { signal }));
}
