import { useEffect, useRef, useState } from 'react';
import { withBase } from '../src/shared/url.js';
import { ColorModeToggle } from './ColorModeToggle.js';
import { usePath, useSite } from './context.js';
import { DocSidebarTree } from './DocSidebarTree.js';
import { Icon } from './Icons.js';
import { isUnder } from './paths.js';
import { SearchButton } from './SearchButton.js';
import { SmartLink } from './SmartLink.js';

/**
 * The navbar: logo and title, left and right items, colour mode toggle, and
 * below the breakpoint a menu drawer (with the docs sidebar on docs pages)
 * that traps focus, closes on navigation, on Escape and when the window
 * grows to desktop width. It can hide while scrolling down.
 */
export function Navbar() {
  const site = useSite();
  const path = usePath();
  // The drawer is open for the page it was opened on: navigating closes it in the same render.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === path;
  const setOpen = (value: boolean) => setOpenOn(value ? path : null);
  const [hidden, setHidden] = useState(false);
  const drawer = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  // Close when the window grows to desktop width.
  useEffect(() => {
    const query = window.matchMedia(`(min-width: ${site.breakpoint}px)`);
    const onChange = () => {
      if (query.matches) setOpenOn(null);
    };
    query.addEventListener('change', onChange);
    window.addEventListener('resize', onChange);
    return () => {
      query.removeEventListener('change', onChange);
      window.removeEventListener('resize', onChange);
    };
  }, [site.breakpoint]);

  // Focus trap, Escape and scroll lock while the drawer is open.
  useEffect(() => {
    if (!open) return;
    const panel = drawer.current;
    const focusables = () =>
      Array.from(panel?.querySelectorAll<HTMLElement>('a[href], button:not([disabled])') ?? []).filter((el) => el.getClientRects().length > 0);
    focusables()[0]?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpenOn(null);
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusables();
      if (!items.length) return;
      const first = items[0];
      const last = items[items.length - 1];
      const inside = panel?.contains(document.activeElement);
      if (event.shiftKey && (document.activeElement === first || !inside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (document.activeElement === last || !inside)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    document.body.classList.add('scroll-locked');
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.classList.remove('scroll-locked');
      // Closed while focus was in the drawer (close button, Escape): back to the toggle.
      // After a navigation the focus has already moved to the new page.
      if (!document.activeElement || document.activeElement === document.body || panel?.contains(document.activeElement)) toggle.current?.focus();
    };
  }, [open]);

  // Hide on scroll down, show on scroll up.
  useEffect(() => {
    if (!site.navbar.hideOnScroll) return;
    let last = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      const height = 64;
      if (y < height) setHidden(false);
      else if (y > last + 4) setHidden(true);
      else if (y < last - 4) setHidden(false);
      last = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [site.navbar.hideOnScroll]);

  const left = site.navbar.items.filter((item) => item.position === 'left');
  const right = site.navbar.items.filter((item) => item.position === 'right');
  const onDocs = site.docs ? isUnder(site.docs.routeBase, path) : false;
  const renderItem = (item: (typeof left)[number]) => {
    const active = isUnder(item.activeBase, path);
    return (
      <SmartLink
        key={`${item.label}-${item.href}`}
        href={item.href}
        className={`navbar-link${active ? ' active' : ''}${item.label === 'GitHub' ? ' navbar-github' : ''}`}
        {...(active ? { 'aria-current': 'page' as const } : {})}
      >
        {item.label === 'GitHub' ? <Icon name="github" size={18} /> : null}
        {item.label}
      </SmartLink>
    );
  };
  // The backdrop and the drawer sit beside the <nav>, not in it: the navbar's
  // backdrop-filter (and its transform when hidden) would make it the
  // containing block of their position: fixed, squeezing them into its box.
  return (
    <>
      <nav className={`navbar${hidden && !open ? ' navbar-hidden' : ''}`} aria-label="Main">
        <div className="navbar-inner">
          <button
            ref={toggle}
            type="button"
            className="navbar-toggle icon-button"
            aria-label={open ? 'Close navigation menu' : 'Open navigation menu'}
            aria-expanded={open}
            aria-controls="navbar-drawer"
            onClick={() => setOpen(!open)}
          >
            <Icon name="menu" />
          </button>
          <a className="navbar-brand" href={withBase(site.baseUrl, '/')}>
            {site.navbar.logo ? (
              <img className="navbar-logo" src={withBase(site.baseUrl, site.navbar.logo.src)} alt={site.navbar.logo.alt} width={32} height={32} />
            ) : null}
            <span className="navbar-title">{site.navbar.title ?? site.title}</span>
          </a>
          <div className="navbar-items navbar-left">{left.map(renderItem)}</div>
          <div className="navbar-items navbar-right">
            {site.search ? <SearchButton /> : null}
            {right.map(renderItem)}
            <ColorModeToggle />
          </div>
        </div>
      </nav>
      <div className={`navbar-backdrop${open ? ' open' : ''}`} onClick={() => setOpen(false)} aria-hidden="true" />
      <div
        id="navbar-drawer"
        ref={drawer}
        className={`navbar-drawer${open ? ' open' : ''}`}
        role="dialog"
        aria-modal="true"
        aria-label="Navigation menu"
        hidden={!open}
      >
        <div className="navbar-drawer-head">
          <a className="navbar-brand" href={withBase(site.baseUrl, '/')}>
            {site.navbar.logo ? <img className="navbar-logo" src={withBase(site.baseUrl, site.navbar.logo.src)} alt="" width={28} height={28} /> : null}
            <span className="navbar-title">{site.navbar.title ?? site.title}</span>
          </a>
          <button type="button" className="icon-button" aria-label="Close navigation menu" onClick={() => setOpen(false)}>
            <Icon name="close" />
          </button>
        </div>
        <div className="navbar-drawer-items">{site.navbar.items.map(renderItem)}</div>
        {open && onDocs && site.docs ? (
          <div className="navbar-drawer-sidebar">
            <DocSidebarTree items={site.docs.sidebar} idPrefix="drawer-" />
          </div>
        ) : null}
      </div>
    </>
  );
}
