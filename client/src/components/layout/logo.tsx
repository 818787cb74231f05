/** The product's mark: a rounded square with an "R" (for Rolecall, domain/src/product.ts) and a small spark. Decorative next to the name. */
export function LogoMark() {
  return (
    <svg
      className="logo__mark"
      viewBox="0 0 32 32"
      width="28"
      height="28"
      aria-hidden="true"
      focusable="false"
    >
      <rect width="32" height="32" rx="8" className="logo__mark-bg" />
      <path
        d="M11 24V8h5.5a4.5 4.5 0 0 1 0 9H11m5.5 0 5.5 7"
        fill="none"
        className="logo__mark-letter"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="24.5" cy="8.5" r="2.5" className="logo__mark-spark" />
    </svg>
  );
}
