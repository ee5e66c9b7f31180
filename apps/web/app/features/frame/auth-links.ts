/**
 * Opening the authentication popup: a URL flag (spec §2 `show_popup_auth`, `show_popup_reg`) that the popup
 * reads, so the buttons are plain links and work before hydration too.
 */
export type TAuthView = 'auth' | 'reg';

export const authPopupSearch = (search: string, view: TAuthView) => {
  const params = new URLSearchParams(search);
  params.delete('show_popup_auth');
  params.delete('show_popup_reg');
  params.set(view === 'auth' ? 'show_popup_auth' : 'show_popup_reg', '1');
  return `?${params}`;
};
