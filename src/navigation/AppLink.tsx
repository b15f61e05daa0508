import type { ComponentProps } from 'react';
import { onPlainClick } from '../components/linkClick.ts';
import { useNavigate } from './navigation.ts';

/** A real link whose plain click pushes the page in-app; modifier clicks open tabs as usual. */
export function AppLink({ href, ...rest }: ComponentProps<'a'> & { href: string }) {
  const navigate = useNavigate();
  return <a href={href} {...rest} onClick={onPlainClick(() => navigate(href))} />;
}
