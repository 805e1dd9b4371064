import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { useLocale } from '../i18n';
import { pathFor, type RouteName, type RouteParams } from '../routes';

export type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: RouteName;
  params?: RouteParams;
  query?: string;
  children: ReactNode;
};

/** A link to a named screen in the current locale; the active one gets `is-active` and aria-current. */
export function AppLink({ to, params, query, className, children, ...rest }: AppLinkProps) {
  const locale = useLocale();
  const [location] = useLocation();
  const href = pathFor(to, locale, params);
  const active = location === href;
  return (
    <Link href={`${href}${query ?? ''}`} className={`${className ?? ''}${active ? ' is-active' : ''}`} aria-current={active ? 'page' : undefined} {...rest}>
      {children}
    </Link>
  );
}
