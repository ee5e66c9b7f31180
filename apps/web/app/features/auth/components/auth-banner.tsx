/**
 * The banner panel beside the form: image, label, value and addition text, compact or normal.
 * Sizes: mobile 360x148 (compact) or 360x240, tablet and up 376x624 beside the form.
 */
export interface TAuthBannerData {
  image?: string | undefined;
  label?: string | undefined;
  value?: string | undefined;
  addition?: string | undefined;
  type: 'compact' | 'normal';
}

export function AuthBanner({ banner }: { banner: TAuthBannerData }) {
  const isCompact = banner.type === 'compact';
  return (
    <aside
      data-banner-type={banner.type}
      className={`relative isolate mx-auto flex w-full max-w-[360px] shrink-0 flex-col justify-end overflow-hidden rounded-xl bg-[radial-gradient(120%_90%_at_20%_0%,#5b3df5_0%,#26135f_45%,#0d0a24_100%)] p-5 md:mx-0 md:h-auto md:min-h-[624px] md:w-[376px] md:self-stretch md:max-w-none md:rounded-none md:rounded-s-2xl ${isCompact ? 'h-[148px]' : 'h-[240px]'}`}
    >
      {banner.image ? (
        <img
          src={banner.image}
          alt=""
          width={376}
          height={624}
          className="absolute inset-0 -z-10 size-full object-cover"
        />
      ) : (
        <svg
          viewBox="0 0 376 624"
          aria-hidden="true"
          className="absolute inset-0 -z-10 size-full"
          preserveAspectRatio="xMidYMid slice"
        >
          <defs>
            <linearGradient id="auth-banner-coin" x1="0" x2="1" y1="0" y2="1">
              <stop offset="0" stopColor="#ffe27a" />
              <stop offset="1" stopColor="#f59e0b" />
            </linearGradient>
          </defs>
          <circle cx="300" cy="120" r="70" fill="url(#auth-banner-coin)" opacity="0.9" />
          <circle cx="300" cy="120" r="52" fill="none" stroke="#fff3c4" strokeWidth="4" opacity="0.6" />
          <circle cx="90" cy="250" r="38" fill="url(#auth-banner-coin)" opacity="0.55" />
          <circle cx="250" cy="330" r="22" fill="url(#auth-banner-coin)" opacity="0.4" />
          <path d="M0 470 C120 420 250 520 376 450 L376 624 L0 624Z" fill="#000" opacity="0.35" />
        </svg>
      )}
      <div className="flex flex-col gap-1 text-white drop-shadow">
        {banner.label && (
          <p className="text-xs font-semibold uppercase tracking-[0.14em] text-amber-200">{banner.label}</p>
        )}
        {banner.value && (
          <p className={`font-extrabold leading-tight ${isCompact ? 'text-2xl' : 'text-3xl md:text-4xl'}`}>
            {banner.value}
          </p>
        )}
        {banner.addition && <p className="text-sm font-medium text-white/85">{banner.addition}</p>}
      </div>
    </aside>
  );
}
