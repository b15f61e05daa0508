import type { BrandContent } from '../../../contract/brandContent.ts';
import { webHref } from '../../components/externalLink.ts';

export interface MoreContactView {
  /** The brand's chat (spec 2.3); null when it has none or its texts did not load. */
  chatHref: string | null;
  messengerUrl: string | null;
}

/** The More screen's contact section from the brand's content: without it the section still mails and offers support. */
export function connectMoreContact(content: BrandContent | null): MoreContactView {
  return {
    chatHref: webHref(content?.contact.chatUrl),
    messengerUrl: content?.contact.messengerUrl ?? null,
  };
}
