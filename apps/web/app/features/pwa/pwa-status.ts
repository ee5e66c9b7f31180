/** The service worker's state for the rest of the site: spec §8 "a registration failure sets an error flag". */
export const pwaStatus = {
  registrationFailed: false,
};
