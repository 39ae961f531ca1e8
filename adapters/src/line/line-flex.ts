import type { MessageText } from '@clinic/core';
import type { messagingApi } from '@line/bot-sdk';

/** LINE's limits: altText 400 characters; a Flex message's JSON at most 30 KB (the body is kept well under). */
const ALT_TEXT_MAX = 400;
const BODY_MAX = 2000;

/**
 * A message to a LINE user as a Flex message: the subject as the header, the text as the body and
 * the buttons (来院します postback, 変更・キャンセル, the forms) in the footer, the first one
 * primary. LINE shows `altText` in the chat list and notifications.
 */
export const flexMessageOf = (text: MessageText): messagingApi.FlexMessage => {
  const buttons = text.buttons ?? [];
  const body = text.text.length > BODY_MAX ? `${text.text.slice(0, BODY_MAX - 1)}…` : text.text;
  return {
    type: 'flex',
    altText: text.subject.slice(0, ALT_TEXT_MAX),
    contents: {
      type: 'bubble',
      header: { type: 'box', layout: 'vertical', contents: [{ type: 'text', text: text.subject, weight: 'bold', wrap: true, size: 'md' }] },
      body: { type: 'box', layout: 'vertical', contents: [{ type: 'text', text: body, wrap: true, size: 'sm' }] },
      ...(buttons.length > 0
        ? {
            footer: {
              type: 'box',
              layout: 'vertical',
              spacing: 'sm',
              contents: buttons.map((button, index): messagingApi.FlexButton => ({
                type: 'button',
                style: index === 0 ? 'primary' : 'secondary',
                height: 'sm',
                action:
                  button.kind === 'postback'
                    ? { type: 'postback', label: button.label, data: button.data, displayText: button.displayText }
                    : { type: 'uri', label: button.label, uri: button.uri },
              })),
            },
          }
        : {}),
    },
  };
};
