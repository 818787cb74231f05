import helmet from 'helmet';

/**
 * Helmet with a strict Content-Security-Policy the client is built to live with: scripts and
 * styles only from our origin (no inline code; JSON-LD data blocks are not executed so need no
 * exception), no framing, no plugins. HTTPS upgrades only where the public URL is HTTPS.
 */
export function securityHeaders(options: { httpsOnly: boolean }) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(options.httpsOnly ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: options.httpsOnly ? { maxAge: 31536000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}
