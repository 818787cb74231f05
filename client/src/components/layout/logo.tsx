/** The Agentry mark: a rounded square with an "A" and a small spark. Decorative next to the name. */
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
        d="M9 23 16 8l7 15M11.8 17.5h8.4"
        fill="none"
        className="logo__mark-letter"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="24" cy="9" r="2.5" className="logo__mark-spark" />
    </svg>
  );
}
