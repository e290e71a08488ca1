import { apiRequest } from '@samgyup/shared';

export interface MenuItem {
  id: number;
  name: string;
  description: string;
  selling_price: number;
  image_url: string | null;
  is_premium: boolean | number;
}

export type MenuEndpoint = 'unlimited' | 'alacarte' | 'sidedishes';

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
