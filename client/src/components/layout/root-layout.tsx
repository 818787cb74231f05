import { type ReactNode, type RefObject, useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router-dom';
import { SiteEmailConfirmationBanner } from '../account/email-confirmation-banner';
import { PageLoading } from '../ui/page-loading';
import { Footer } from './footer';
import { Header } from './header';

/** Moves focus to the main landmark after each client-side page change, as a full load would. */
function useFocusMainOnPageChange() {
  const { pathname } = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  const firstRender = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose each time the page (pathname) changes
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname]);
  return mainRef;
}

/** Skip link, header, main landmark and footer around a page. */
function SiteFrame({ children, mainRef }: { children: ReactNode; mainRef?: RefObject<HTMLElement | null> }) {
  return (
    <div className="app">
      <a className="skip-link" href="#main-content">
        Skip to content
      </a>
      <Header />
      <main id="main-content" className="site-main" ref={mainRef} tabIndex={-1}>
        <SiteEmailConfirmationBanner />
        {children}
      </main>
      <Footer />
    </div>
  );
}

export function RootLayout() {
  const navigation = useNavigation();
  const mainRef = useFocusMainOnPageChange();
  return (
    <>
      {navigation.state !== 'idle' && (
        <div className="route-progress" role="progressbar" aria-label="Loading page" />
      )}
      <SiteFrame mainRef={mainRef}>
        <Outlet />
      </SiteFrame>
      <ScrollRestoration />
    </>
  );
}

/** While the first page's lazy code loads (a direct visit to /directory, say), the frame is already there. */
export function RootLayoutFallback() {
  return (
    <SiteFrame>
      <PageLoading />
    </SiteFrame>
  );
}
