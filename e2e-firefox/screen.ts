import type { ElementHandle, Page } from 'puppeteer-core';

/**
 * What a member sees, found as the Chromium page objects find it (e2e/pages/): by role and
 * accessible name, by label, by text; only what is shown and not inert (a stacked page behind the
 * visible one stays mounted, inert). The query runs in the page, polled until it matches:
 * puppeteer's own ARIA selectors ask Firefox for its accessibility tree, a second or two a query.
 */
export interface Query {
  /** A role, implicit (button, link, heading, …) or in a role attribute. */
  role?: Role;
  /** A form field by its label (its <label> or aria-label). */
  label?: Name;
  /** An element whose own text (whitespace collapsed) is this. */
  text?: Name;
  /** Any CSS selector, with the other criteria. */
  css?: string;
  /** The accessible name: a string matches it whole, a pattern anywhere. */
  name?: Name;
  level?: number;
  /** Only inside the first match of this. */
  within?: Query;
}

export type Role =
  | 'banner'
  | 'button'
  | 'dialog'
  | 'form'
  | 'group'
  | 'heading'
  | 'img'
  | 'link'
  | 'list'
  | 'listitem'
  | 'navigation'
  | 'region'
  | 'status';
export type Name = string | RegExp;

/** How long a condition may take to come true (a page, a payment, a busy two-core CI machine). */
export const conditionTimeoutMs = 20_000;

type Wire = string | { source: string; flags: string };
interface WireQuery extends Omit<Query, 'label' | 'text' | 'name' | 'within'> {
  label?: Wire;
  text?: Wire;
  name?: Wire;
  within?: WireQuery;
}

const wire = (query: Query): WireQuery => {
  const name = (value: Name | undefined) => (value instanceof RegExp ? { source: value.source, flags: value.flags } : value);
  return { ...query, label: name(query.label), text: name(query.text), name: name(query.name), within: query.within && wire(query.within) };
};

/** A readable form of a query for failures: role "name" in …. */
export function describe(query: Query): string {
  const name = (value: Name) => (value instanceof RegExp ? String(value) : `"${value}"`);
  const parts = [
    query.role ?? (query.label !== undefined ? 'field' : query.css ?? 'text'),
    query.name !== undefined ? name(query.name) : '',
    query.label !== undefined ? `labelled ${name(query.label)}` : '',
    query.text !== undefined ? name(query.text) : '',
    query.level !== undefined ? `level ${query.level}` : '',
  ].filter(Boolean);
  return `${parts.join(' ')}${query.within ? ` in ${describe(query.within)}` : ''}`;
}

/**
 * Runs in the page (installQueries): the shown, non-inert elements that match `query`.
 * Self-contained, as its source is what the page gets: every helper is inside.
 */
function matchAll(query: WireQuery): Element[] {
  const implicit: Record<string, string> = {
    banner: '[role="banner"], header',
    button: 'button, input[type="button"], input[type="submit"], [role="button"]',
    dialog: 'dialog, [role="dialog"], [role="alertdialog"]',
    form: 'form[aria-label], form[aria-labelledby], [role="form"]',
    group: 'fieldset, [role="group"]',
    heading: 'h1, h2, h3, h4, h5, h6, [role="heading"]',
    img: 'img, [role="img"]',
    link: 'a[href], [role="link"]',
    list: 'ul, ol, [role="list"]',
    listitem: 'li, [role="listitem"]',
    navigation: 'nav, [role="navigation"]',
    region: 'section[aria-label], section[aria-labelledby], [role="region"]',
    status: 'output, [role="status"]',
  };
  const collapse = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
  const matches = (wanted: Wire | undefined, actual: string) =>
    wanted === undefined || (typeof wanted === 'string' ? actual === wanted : new RegExp(wanted.source, wanted.flags).test(actual));
  const byIds = (ids: string) => collapse(ids.split(/\s+/).map((id) => document.getElementById(id)?.textContent ?? '').join(' '));
  const shown = (el: Element) => {
    if (el.closest('[inert], [aria-hidden="true"]')) return false;
    if (!el.checkVisibility({ visibilityProperty: true })) return false;
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  };
  const fieldLabel = (el: Element) => {
    const labelledBy = el.getAttribute('aria-labelledby');
    if (labelledBy) return byIds(labelledBy);
    const aria = el.getAttribute('aria-label');
    if (aria) return collapse(aria);
    const labels = (el as HTMLInputElement).labels;
    return labels ? collapse([...labels].map((label) => label.innerText).join(' ')) : '';
  };
  const accessibleName = (el: Element) => {
    const labelledBy = el.getAttribute('aria-labelledby');
    if (labelledBy) return byIds(labelledBy);
    const aria = el.getAttribute('aria-label');
    if (aria) return collapse(aria);
    if (el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement) return fieldLabel(el);
    if (el instanceof HTMLImageElement) return collapse(el.alt);
    // Dialogs, forms and regions are named only by their labels.
    if (el.matches('dialog, [role="dialog"], [role="alertdialog"], form, section, [role="region"], [role="group"], fieldset, nav, ul, ol')) return '';
    return collapse((el as HTMLElement).innerText ?? el.textContent);
  };
  const find = (q: WireQuery, scope: ParentNode): Element[] => {
    const selector = [q.role ? implicit[q.role] : null, q.label !== undefined ? 'input, select, textarea, [role="textbox"], [role="combobox"]' : null, q.css ?? null]
      .filter((s): s is string => s !== null)
      .reduce<string | null>((all, s) => (all === null ? s : `:is(${all}):is(${s})`), null);
    const candidates = [...scope.querySelectorAll(selector ?? '*')];
    return candidates.filter((el) => {
      if (!shown(el)) return false;
      if (q.role === 'banner' && el.tagName === 'HEADER' && el.parentElement?.closest('article, aside, main, nav, section')) return false;
      if (q.level !== undefined) {
        const level = Number(el.getAttribute('aria-level') ?? /^H(\d)$/.exec(el.tagName)?.[1]);
        if (level !== q.level) return false;
      }
      if (q.label !== undefined && !matches(q.label, fieldLabel(el))) return false;
      if (q.name !== undefined && !matches(q.name, accessibleName(el))) return false;
      if (q.text !== undefined) {
        const text = collapse((el as HTMLElement).innerText ?? el.textContent);
        if (!matches(q.text, text)) return false;
        // The innermost element with that text, not each of its ancestors.
        if ([...el.children].some((child) => matches(q.text, collapse((child as HTMLElement).innerText ?? child.textContent)))) return false;
      }
      return true;
    });
  };
  const scope = query.within ? matchAll(query.within)[0] : document;
  return scope ? find(query, scope) : [];
}

interface InPage {
  klubbQuery: typeof matchAll;
}

/**
 * Puts the query into every document `page` loads, before the app's scripts, as `klubbQuery`.
 * A preload script, not an eval the page's CSP would refuse; with a no-op `__name`, which tsx's
 * transform adds around named functions (puppeteer sends a function's source to the page).
 */
export async function installQueries(page: Page) {
  await page.evaluateOnNewDocument(`globalThis.__name ??= (fn) => fn; globalThis.klubbQuery = ${matchAll.toString()};`);
}

/** The page's shown elements for `query`, waited for and acted on as a member would. */
export class Screen {
  constructor(readonly page: Page) {}

  /** The first match, once there is one (and, with `enabled`, once it can be used). */
  async find(query: Query, options: { enabled?: boolean; timeoutMs?: number } = {}): Promise<ElementHandle<Element>> {
    const timeoutMs = options.timeoutMs ?? conditionTimeoutMs;
    const handle = await this.page
      .waitForFunction(
        (q: WireQuery, enabled: boolean) => {
          const first = (globalThis as unknown as InPage).klubbQuery(q)[0];
          if (!first) return null;
          if (enabled && (first.matches(':disabled') || first.getAttribute('aria-disabled') === 'true')) return null;
          return first;
        },
        { polling: 100, timeout: timeoutMs },
        wire(query),
        options.enabled ?? false,
      )
      .catch((error: unknown) => {
        throw new Error(`${describe(query)} was not shown${options.enabled ? ' and enabled' : ''} within ${timeoutMs / 1000} s`, { cause: error });
      });
    return handle.asElement() as ElementHandle<Element>;
  }

  /** How many shown elements match now. */
  count(query: Query): Promise<number> {
    return this.page.evaluate((q: WireQuery) => (globalThis as unknown as InPage).klubbQuery(q).length, wire(query));
  }

  /** Waits until `count` elements match (0: none is shown), or until the count passes a test. */
  async expectCount(query: Query, count: number | ((shown: number) => boolean), what = String(count), timeoutMs = conditionTimeoutMs) {
    const test = typeof count === 'number' ? (shown: number) => shown === count : count;
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      // -1 while a navigation replaces the document the count ran in.
      const shown = await this.count(query).catch(() => -1);
      if (shown >= 0 && test(shown)) return;
      if (Date.now() > deadline) throw new Error(`${describe(query)}: ${what} expected, ${shown} shown after ${timeoutMs / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  expectGone(query: Query) {
    return this.expectCount(query, 0);
  }

  /** Waits until the first match's text (whitespace collapsed) matches `text`. */
  async expectText(query: Query, text: Name): Promise<string> {
    const deadline = Date.now() + conditionTimeoutMs;
    let last = '';
    for (;;) {
      const element = await this.find(query, { timeoutMs: Math.max(deadline - Date.now(), 1) });
      last = await element.evaluate((el) => ((el as HTMLElement).innerText ?? el.textContent ?? '').replace(/\s+/g, ' ').trim()).catch(() => '');
      if (typeof text === 'string' ? last.includes(text) : text.test(last)) return last;
      if (Date.now() > deadline) throw new Error(`${describe(query)} says "${last}", not ${typeof text === 'string' ? `"${text}"` : text}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** Waits until the first match has the focus. */
  async expectFocused(query: Query) {
    await this.page
      .waitForFunction(
        (q: WireQuery) => {
          const first = (globalThis as unknown as InPage).klubbQuery(q)[0];
          return first !== undefined && first === document.activeElement;
        },
        { polling: 100, timeout: conditionTimeoutMs },
        wire(query),
      )
      .catch((error: unknown) => {
        throw new Error(`${describe(query)} does not have the focus`, { cause: error });
      });
  }

  /** Waits until the first match (a form field) holds `value`. */
  async expectValue(query: Query, value: string) {
    const field = await this.find(query);
    await this.page
      .waitForFunction((el: Element, wanted: string) => (el as HTMLInputElement).value === wanted, { polling: 100, timeout: conditionTimeoutMs }, field, value)
      .catch(async (error: unknown) => {
        throw new Error(`${describe(query)} holds "${await field.evaluate((el) => (el as HTMLInputElement).value).catch(() => '?')}", not "${value}"`, { cause: error });
      });
  }

  /** Clicks the first match once it is shown and enabled (again if it was re-rendered meanwhile). */
  async click(query: Query) {
    const deadline = Date.now() + conditionTimeoutMs;
    for (;;) {
      const element = await this.find(query, { enabled: true, timeoutMs: Math.max(deadline - Date.now(), 1) });
      try {
        await element.click();
        return;
      } catch (error) {
        // Detached or moved between the query and the click: find it again.
        if (Date.now() > deadline) throw new Error(`could not click ${describe(query)}`, { cause: error });
      }
    }
  }

  /** Types `value` into the field labelled so, in place of what it held. */
  async fill(query: Query, value: string) {
    const field = await this.find(query, { enabled: true });
    await field.click();
    // What it held goes as a member clears a field: all of it selected, then deleted.
    await this.page.keyboard.down('Control');
    await this.page.keyboard.press('KeyA');
    await this.page.keyboard.up('Control');
    await this.page.keyboard.press('Backspace');
    await field.type(value);
    const now = await field.evaluate((el) => (el as HTMLInputElement).value);
    // Formatting fields (the card number) may space what was typed.
    if (now.replace(/\s/g, '') !== value.replace(/\s/g, '')) throw new Error(`${describe(query)} holds "${now}" after typing "${value}"`);
  }

  /** Chooses the option of the <select> shown with this text (or at this index). */
  async select(query: Query, option: { label: string } | { index: number }) {
    const field = await this.find(query, { enabled: true });
    const value = await this.page
      .waitForFunction(
        (select: Element, wanted: { label?: string; index?: number }) => {
          const options = [...(select as HTMLSelectElement).options];
          const chosen = wanted.label !== undefined ? options.find((o) => o.label.trim() === wanted.label) : options[wanted.index!];
          return chosen && !chosen.disabled ? chosen.value : null;
        },
        { polling: 100, timeout: conditionTimeoutMs },
        field,
        option,
      )
      .then((handle) => handle.jsonValue() as Promise<string>)
      .catch((error: unknown) => {
        throw new Error(`${describe(query)} has no option ${JSON.stringify(option)}`, { cause: error });
      });
    await field.select(value);
  }

  /** Waits until the address is `url` (or matches it). */
  async expectUrl(url: Name) {
    const wanted = url instanceof RegExp ? { source: url.source, flags: url.flags } : url;
    await this.page
      .waitForFunction((w: Wire) => (typeof w === 'string' ? location.href === w : new RegExp(w.source, w.flags).test(location.href)), { polling: 100, timeout: conditionTimeoutMs }, wanted)
      .catch((error: unknown) => {
        throw new Error(`the address is ${this.page.url()}, not ${url}`, { cause: error });
      });
  }
}
