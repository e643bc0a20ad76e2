import { screen, within } from '@testing-library/react';
import { brand } from '@agency/ui';
import { renderHost } from '../../../testing/render-host';
import { Footer } from './footer';

describe('Footer', () => {
  it('has the section anchors, client login, terms, the contact address and the copyright line', () => {
    renderHost(<Footer onPrivacyChoices={() => {}} />);
    const nav = within(screen.getByRole('navigation', { name: 'Footer' }));
    expect(nav.getByRole('link', { name: 'Services' })).toHaveAttribute('href', '/#services');
    expect(nav.getByRole('link', { name: 'About' })).toHaveAttribute('href', '/#about');
    expect(nav.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/#contact');
    expect(nav.getByRole('link', { name: 'Client Login' })).toHaveAttribute('href', '/login');
    expect(nav.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms-of-service');
    expect(nav.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
    expect(screen.getByRole('link', { name: 'hello@consultancy.test' })).toHaveAttribute(
      'href',
      'mailto:hello@consultancy.test',
    );
    expect(
      screen.getByText(`© ${new Date().getFullYear()} ${brand.name}. All rights reserved.`),
    ).toBeInTheDocument();
  });
});
