/** Locks page scroll while any dialog is open; the scrollbar's width is kept as padding so nothing jumps. */

let saved: { overflow: string; paddingInlineEnd: string } | null = null;

export const lockScroll = (doc: Document = document) => {
  if (saved) return;
  const body = doc.body;
  const scrollbar = (doc.defaultView?.innerWidth ?? 0) - doc.documentElement.clientWidth;
  saved = { overflow: body.style.overflow, paddingInlineEnd: body.style.paddingInlineEnd };
  body.style.overflow = 'hidden';
  if (scrollbar > 0) body.style.paddingInlineEnd = `${scrollbar}px`;
  body.dataset.scrollLocked = 'true';
};

export const unlockScroll = (doc: Document = document) => {
  if (!saved) return;
  const body = doc.body;
  body.style.overflow = saved.overflow;
  body.style.paddingInlineEnd = saved.paddingInlineEnd;
  delete body.dataset.scrollLocked;
  saved = null;
};
