import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import RichText from '../../../src/richText/RichText.tsx';
import { RichTextBlock } from '../../../src/richText/LazyRichText.tsx';
import { appLinks, block, linkEntity, raw } from './rawFixtures.ts';

const article = raw(
  [
    block({ type: 'header-two', text: 'Getting there' }),
    block({ text: 'Take the train, it is quick.', inlineStyleRanges: [{ offset: 0, length: 4, style: 'BOLD' }, { offset: 19, length: 2, style: 'HIGHLIGHT' }] }),
    block({ text: 'See the programme or the live page.', entityRanges: [{ offset: 8, length: 9, key: 0 }, { offset: 25, length: 4, key: 1 }] }),
    block({ text: 'Never this', entityRanges: [{ offset: 6, length: 4, key: 2 }] }),
    block({ type: 'unordered-list-item', text: 'Bring a coat' }),
    block({ type: 'unordered-list-item', text: 'and gloves', depth: 1 }),
    block({ type: 'ordered-list-item', text: 'Arrive early' }),
    block({ type: 'blockquote', text: 'Worth it.' }),
    block({ type: 'code-block', text: 'DOORS 19:00', inlineStyleRanges: [{ offset: 0, length: 5, style: 'UNDERLINE' }] }),
  ],
  {
    0: linkEntity('https://example.org/programme'),
    1: linkEntity('https://aurora.localhost/live/12'),
    2: linkEntity('javascript:alert(1)'),
  },
);

const links = { ...appLinks, currentSection: 'editorial' };

function renderArticle(onNavigate = vi.fn()) {
  const view = render(<RichText raw={article} links={links} onNavigate={onNavigate} />);
  return { ...view, onNavigate };
}

describe('RichText', () => {
  it('renders blocks as semantic HTML', () => {
    const { container } = renderArticle();
    expect(screen.getByRole('heading', { level: 3, name: 'Getting there' })).toBeTruthy();
    expect(container.querySelector('strong')?.textContent).toBe('Take');
    expect(container.querySelector('mark')?.textContent).toBe('is');
    expect(container.querySelector('blockquote')?.textContent).toBe('Worth it.');
    expect(container.querySelector('pre > code u')?.textContent).toBe('DOORS');
    const paragraphs = [...container.querySelectorAll('p')].map((p) => p.textContent);
    expect(paragraphs).toContain('Take the train, it is quick.');
    expect(paragraphs).toContain('Never this');
  });

  it('renders nested lists', () => {
    const { container } = renderArticle();
    const bulleted = container.querySelector('ul')!;
    expect(within(bulleted).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Bring a coatand gloves', 'and gloves']);
    expect(bulleted.querySelector('li > ul > li')?.textContent).toBe('and gloves');
    expect(container.querySelector('ol > li')?.textContent).toBe('Arrive early');
  });

  it('opens external links in a new tab and leaves hostile ones as text', () => {
    renderArticle();
    const external = screen.getByRole('link', { name: 'programme' });
    expect(external.getAttribute('href')).toBe('https://example.org/programme');
    expect(external.getAttribute('target')).toBe('_blank');
    expect(external.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.queryByRole('link', { name: 'this' })).toBeNull();
    expect(document.querySelector('a[href^="javascript"]')).toBeNull();
  });

  it('navigates in the app on a plain click of an in-app link', () => {
    const { onNavigate } = renderArticle();
    const inApp = screen.getByRole('link', { name: 'live' });
    expect(inApp.getAttribute('href')).toBe('/editorial/live/12');
    expect(inApp.getAttribute('target')).toBeNull();
    const plain = fireEvent.click(inApp);
    expect(plain).toBe(false);
    expect(onNavigate).toHaveBeenCalledWith('/editorial/live/12');
  });

  it('leaves a modified click on an in-app link to the browser', () => {
    const { onNavigate } = renderArticle();
    let preventedByApp: boolean | undefined;
    // Record what the app did, then stop jsdom from attempting the navigation itself.
    const record = (event: MouseEvent) => {
      preventedByApp = event.defaultPrevented;
      event.preventDefault();
    };
    window.addEventListener('click', record);
    fireEvent.click(screen.getByRole('link', { name: 'live' }), { ctrlKey: true });
    window.removeEventListener('click', record);
    expect(preventedByApp).toBe(false);
    expect(onNavigate).not.toHaveBeenCalled();
  });

  it('is read-only', () => {
    const { container } = renderArticle();
    expect(container.querySelector('[contenteditable="true"]')).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('shows new content when the raw state changes', () => {
    const { rerender } = renderArticle();
    rerender(<RichText raw={raw([block({ text: 'Something else' })])} links={links} onNavigate={vi.fn()} />);
    expect(screen.getByText('Something else')).toBeTruthy();
    expect(screen.queryByText('Worth it.')).toBeNull();
  });
});

describe('RichTextBlock', () => {
  it('shows a text skeleton until Slate has loaded', async () => {
    const { container } = render(<RichTextBlock raw={article} links={links} onNavigate={vi.fn()} />);
    expect(container.querySelector('[aria-busy="true"]')).not.toBeNull();
    expect(await screen.findByRole('heading', { name: 'Getting there' })).toBeTruthy();
    expect(container.querySelector('[aria-busy="true"]')).toBeNull();
  });
});
