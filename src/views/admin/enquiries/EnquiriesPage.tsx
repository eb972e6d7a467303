import { Title } from '@mantine/core';

/** The enquiries inbox (QUOTE NOW requests and Contact Us messages). */
export function EnquiriesPage() {
  return <Title order={1}>Enquiries</Title>;
}
