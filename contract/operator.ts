/** Fixed texts of the shell that the spec gives (§1: head office in west London, copyright 2024). */
export const HEAD_OFFICE_ADDRESS = '2 Wood Lane, White City, London W12 7FR';
export const COPYRIGHT_YEAR = 2024;
