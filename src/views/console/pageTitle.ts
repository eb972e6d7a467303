import { useEffect } from 'react';

/** The tab's title of a console page: "Bookings — cabflow", "(2) Bookings — cabflow" with unseen new bookings. */
export const consoleTitle = (page: string, unseen = 0) => `${unseen > 0 ? `(${unseen}) ` : ''}${page} — cabflow`;

export function usePageTitle(page: string, unseen = 0) {
  useEffect(() => {
    document.title = consoleTitle(page, unseen);
  }, [page, unseen]);
}
