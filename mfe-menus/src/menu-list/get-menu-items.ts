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

export async function getMenuItems(endpoint: MenuEndpoint, signal?: AbortSignal): Promise<MenuItem[]> {
  const response = await apiRequest<{ success?: boolean; data?: MenuItem[]; message?: string }>(
    `/api/inventory/menu/${endpoint}`,
    { signal },
  );
  if (response?.success === false || !Array.isArray(response?.data)) {
    throw new Error(response?.message ?? 'The menu answer was not a list.');
  }
  return response.data;
}
