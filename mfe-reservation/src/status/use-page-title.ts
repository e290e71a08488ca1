import { siteConfig } from '@samgyup/shared';
import { useEffect } from 'react';

/**
 * Names the browser tab after what the page shows once it knows (null: leave the shell's title), written as the
 * shell writes every title: "Reservation cancelled · Samgyup Plaridel".
 */
export function usePageTitle(title: string | null): void {
  useEffect(() => {
    if (title) document.title = `${title} · ${siteConfig.brandName}`;
  }, [title]);
}
