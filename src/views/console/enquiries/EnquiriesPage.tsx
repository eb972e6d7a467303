import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/Fieldset.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/SimpleGrid.css';
import { Text, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { usePageTitle } from '../pageTitle.ts';
import { EnquiryDetail } from './EnquiryDetail.tsx';
import { EnquiryList } from './EnquiryList.tsx';
import { inboxLogic } from '../../../app/console/inboxLogic.ts';
import classes from './Inbox.module.css';

export type InboxActor = ReturnType<typeof useActorRef<typeof inboxLogic>>;

/** The enquiries inbox: QUOTE NOW requests and Contact Us messages, a reply box, close/reopen and make-a-quote. */
export function EnquiriesPage() {
  const actor = useActorRef(inboxLogic);
  const open = useSelector(actor, (state) => !state.matches({ detail: 'none' }));
  usePageTitle('Enquiries');
  return (
    <>
      <Title order={1} size="h3" mb="sm">
        Enquiries
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        QUOTE NOW requests and Contact Us messages from the website.
      </Text>
      <div className={classes.split} data-open={open}>
        <div className={classes.list}>
          <EnquiryList actor={actor} />
        </div>
        {open && (
          <section aria-label="Enquiry">
            <EnquiryDetail actor={actor} />
          </section>
        )}
      </div>
    </>
  );
}
