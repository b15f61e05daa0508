import { describe, expect, it } from 'vitest';
import { containerHref, telHref, webHref } from '../../src/components/externalLink.ts';
import { followContainerLinks } from '../../src/services/containerLinks.ts';

describe('outside links', () => {
  it('opens web pages and the app origin’s own paths, nothing else', () => {
    expect(webHref('https://chat.aurora.test/x')).toBe('https://chat.aurora.test/x');
    expect(webHref('/media/brand/aurora/terms.html')).toBe('/media/brand/aurora/terms.html');
    expect(webHref('//evil.test/x')).toBeNull();
    expect(webHref('/\\evil.test/x')).toBeNull();
    expect(webHref('javascript:alert(1)')).toBeNull();
    expect(webHref('data:text/html,hi')).toBeNull();
    expect(webHref(null)).toBeNull();
    expect(webHref('')).toBeNull();
  });

  it('dials a phone number as written with its country code', () => {
    expect(telHref('+46 8 555 010 00')).toBe('tel:+46855501000');
    expect(telHref('+47 22 55 50 10')).toBe('tel:+4722555010');
    expect(telHref('08-555 010 00')).toBe('tel:0855501000');
    expect(telHref('')).toBeNull();
  });
});

describe('outside links in a native container (spec 9)', () => {
  it('become the app schemes in either container, and stay as they are in a plain browser', () => {
    for (const container of ['ios-wv', 'android-wv'] as const) {
      expect(containerHref('https://chat.aurora.test/x?a=1#b', container)).toBe('klubbs://chat.aurora.test/x?a=1#b');
      expect(containerHref('http://old.aurora.test/', container)).toBe('klubb://old.aurora.test/');
      expect(containerHref('mailto:kundservice@aurora.test', container)).toBeNull();
      expect(containerHref('javascript:alert(1)', container)).toBeNull();
    }
    for (const container of ['web', 'iframe', 'unknown'] as const) expect(containerHref('https://chat.aurora.test/x', container)).toBeNull();
  });

  it('open a bank-identity link directly on iOS only', () => {
    expect(containerHref('bankid:///?autostarttoken=abc&redirect=null', 'ios-wv')).toBe('bankid:///?autostarttoken=abc&redirect=null');
    expect(containerHref('https://app.bankid.com/?autostarttoken=abc', 'ios-wv')).toBe('https://app.bankid.com/?autostarttoken=abc');
    expect(containerHref('https://app.bankid.com/?autostarttoken=abc', 'android-wv')).toBe('klubbs://app.bankid.com/?autostarttoken=abc');
    expect(containerHref('https://app.bankid.com.evil.test/', 'ios-wv')).toBe('klubbs://app.bankid.com.evil.test/');
  });

  it('a click on a new-window link opens the rewritten link in place; in-app links and plain browsers are left alone', () => {
    const opened: string[] = [];
    const win = { document, open: (url: string, target: string) => void opened.push(`${target} ${url}`) } as unknown as Window;
    document.body.innerHTML = `<a id="out" href="https://chat.aurora.test/x" target="_blank"><span>Chat</span></a>
      <a id="in" href="/more/faq">FAQ</a><a id="bank" href="bankid:///?autostarttoken=t">BankID</a>`;
    const click = (id: string) => {
      const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
      document.querySelector(`#${id}`)!.firstChild!.dispatchEvent(event);
      return event.defaultPrevented;
    };
    const stop = followContainerLinks(win, 'ios-wv');
    expect([click('out'), click('in'), click('bank')]).toEqual([true, false, true]);
    expect(opened).toEqual(['_self klubbs://chat.aurora.test/x', '_self bankid:///?autostarttoken=t']);
    stop();
    expect(click('out')).toBe(false);
    followContainerLinks(win, 'web');
    expect(click('out')).toBe(false);
    expect(opened).toHaveLength(2);
  });
});
