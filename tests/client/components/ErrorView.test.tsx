import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { ErrorView } from '../../../src/components/ErrorView.tsx';
import { renderWithI18n } from './renderWithI18n.tsx';

describe('ErrorView', () => {
  it('shows a heading and the message', () => {
    renderWithI18n(<ErrorView message="Network Error" contactEmail="help@aurora.test" />);
    expect(screen.getByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.getByText('Network Error')).toBeTruthy();
  });

  it('mails customer service with the user named in the subject', () => {
    const user = { id: 'u-42', firstName: 'Åsa', lastName: 'Berg' };
    renderWithI18n(<ErrorView message="Network Error" contactEmail="help@aurora.test" user={user} />);
    const link = screen.getByRole('link', { name: 'Contact customer service' });
    expect(link.getAttribute('href')).toBe(`mailto:help@aurora.test?subject=${encodeURIComponent('Åsa Berg ID: u-42')}`);
    expect(link.getAttribute('href')).toContain('subject=%C3%85sa%20Berg%20ID%3A%20u-42');
  });

  it('leaves the subject out when nobody is signed in', () => {
    renderWithI18n(<ErrorView message="Network Error" contactEmail="help@aurora.test" user={null} />);
    const link = screen.getByRole('link', { name: 'Contact customer service' });
    expect(link.getAttribute('href')).toBe('mailto:help@aurora.test');
  });
});
