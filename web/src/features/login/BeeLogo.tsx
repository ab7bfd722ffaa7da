/** The bee-in-a-honeycomb mark of the login card. */
export function BeeLogo() {
  return (
    <svg className="bh-login__logo" viewBox="0 0 64 64" width="56" height="56" aria-hidden="true">
      <path fill="#f5a623" d="M32 3 57 17.5v29L32 61 7 46.5v-29z" />
      <path fill="#ffd27a" d="M32 9.5 51.5 20.75v22.5L32 54.5 12.5 43.25v-22.5z" opacity="0.55" />
      <ellipse cx="32" cy="35" rx="11" ry="13" fill="#3b2a05" />
      <path fill="#f5a623" d="M21.6 31h20.8v4H21.6zm1 8h18.8v4H22.6z" />
      <ellipse cx="22" cy="23" rx="7" ry="5" fill="#fff" opacity="0.9" transform="rotate(-25 22 23)" />
      <ellipse cx="42" cy="23" rx="7" ry="5" fill="#fff" opacity="0.9" transform="rotate(25 42 23)" />
    </svg>
  );
}
