import { assign, fromPromise, setup } from 'xstate';
import { callErrorOf, notProvided } from './errorCode.ts';
import { retryWhenOnline } from './retryWhenOnline.ts';
import type { BrandContent } from '../contract/brandContent.ts';

export interface BrandContentContext {
  /** The language the content is (being) loaded in: the app's active one. */
  language: string;
  content: BrandContent | null;
  /** The FAQ answers the member opened; several may be. */
  openFaqIds: string[];
  /** Why the content did not load; the view tells the code's text. */
  errorCode: string | null;
}

export type BrandContentEvent =
  | { type: 'brandContent.retry' }
  | { type: 'brandContent.languageChanged'; language: string }
  | { type: 'brandContent.faqToggled'; id: string };

/**
 * The brand's FAQ, About and contact texts (GET /v1/get/brand/content) for the More section's
 * screens: loading, then loaded or failed with a retry. A language switch loads that language's
 * texts; the FAQ's open answers are kept here.
 */
export const brandContentMachine = setup({
  types: {
    context: {} as BrandContentContext,
    events: {} as BrandContentEvent,
    input: {} as { language: string },
  },
  actors: {
    /** The content in a language (from the cache while valid). */
    loadContent: fromPromise<BrandContent, { language: string }>(async () => notProvided('loadContent')),
    /** Sends the retry when the browser is back online (provided by the wiring). */
    retryWhenOnline,
  },
  guards: {
    isOtherLanguage: ({ context }, params: { language: string }) => params.language !== context.language,
  },
}).createMachine({
  id: 'brandContent',
  context: ({ input }) => ({ language: input.language, content: null, openFaqIds: [], errorCode: null }),
  initial: 'loading',
  on: {
    'brandContent.languageChanged': {
      guard: { type: 'isOtherLanguage', params: ({ event }) => event },
      target: '.loading',
      actions: assign({ language: ({ event }) => event.language }),
    },
  },
  states: {
    loading: {
      tags: ['busy'],
      entry: assign({ errorCode: null }),
      invoke: {
        src: 'loadContent',
        input: ({ context }) => ({ language: context.language }),
        onDone: {
          target: 'loaded',
          actions: assign({
            content: ({ event }) => event.output,
            // Answers still asked about stay open when the texts come again in another language.
            openFaqIds: ({ context, event }) => context.openFaqIds.filter((id) => event.output.faq.some((entry) => entry.id === id)),
          }),
        },
        onError: { target: 'failed', actions: assign({ errorCode: ({ event }) => callErrorOf(event.error).code }) },
      },
    },
    loaded: {
      on: {
        'brandContent.faqToggled': {
          actions: assign({
            openFaqIds: ({ context, event }) =>
              context.openFaqIds.includes(event.id) ? context.openFaqIds.filter((id) => id !== event.id) : [...context.openFaqIds, event.id],
          }),
        },
      },
    },
    /** Tried again on request, and by itself once the browser is back online (a failure for want of a network). */
    failed: {
      invoke: { src: 'retryWhenOnline', input: { retry: { type: 'brandContent.retry' } } },
      on: { 'brandContent.retry': 'loading' },
    },
  },
});
