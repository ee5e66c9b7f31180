/**
 * Countries the site knows: ISO code, name, phone code and national-number mask (`#` is one digit; a list
 * when several lengths are valid), and the personal-data field definitions each country's forms use (spec §3).
 * The server validates profiles against the same definitions the site renders.
 */

/** The locales the site is translated into (the content work serves messages for exactly these). */
export const AVAILABLE_LOCALES = ['en', 'es', 'de', 'fr', 'pt', 'ar'] as const;
export type TLocaleCode = (typeof AVAILABLE_LOCALES)[number];
export const isAvailableLocale = (value: string): value is TLocaleCode =>
  (AVAILABLE_LOCALES as readonly string[]).includes(value);

/** The currencies a player may hold. Only USD for now (spec §9). */
export const AVAILABLE_CURRENCIES = ['USD'] as const;

export interface TOption {
  value: string;
  label: string;
}

export interface TCountry {
  code: string;
  name: string;
  /** Digits only, without `+`. */
  phone_code: string;
  mask: string | string[];
  /** The postcode pattern (regex source); `null` when the country has no postcodes. Default: up to 8 digits. */
  postcode?: string | null;
  /** Identity document types accepted in this country. */
  documents?: string[];
  regions?: TOption[];
  /** Countries whose names carry a patronymic show the middle name. */
  middleName?: boolean;
}

const options = (pairs: string): TOption[] =>
  pairs.split(';').map((pair) => {
    const [value = '', label = ''] = pair.split('=');
    return { value, label };
  });

const US_STATES = options(
  'AL=Alabama;AK=Alaska;AZ=Arizona;AR=Arkansas;CA=California;CO=Colorado;CT=Connecticut;DE=Delaware;' +
    'DC=District of Columbia;FL=Florida;GA=Georgia;HI=Hawaii;ID=Idaho;IL=Illinois;IN=Indiana;IA=Iowa;' +
    'KS=Kansas;KY=Kentucky;LA=Louisiana;ME=Maine;MD=Maryland;MA=Massachusetts;MI=Michigan;MN=Minnesota;' +
    'MS=Mississippi;MO=Missouri;MT=Montana;NE=Nebraska;NV=Nevada;NH=New Hampshire;NJ=New Jersey;' +
    'NM=New Mexico;NY=New York;NC=North Carolina;ND=North Dakota;OH=Ohio;OK=Oklahoma;OR=Oregon;' +
    'PA=Pennsylvania;RI=Rhode Island;SC=South Carolina;SD=South Dakota;TN=Tennessee;TX=Texas;UT=Utah;' +
    'VT=Vermont;VA=Virginia;WA=Washington;WV=West Virginia;WI=Wisconsin;WY=Wyoming',
);
const CA_PROVINCES = options(
  'AB=Alberta;BC=British Columbia;MB=Manitoba;NB=New Brunswick;NL=Newfoundland and Labrador;' +
    'NS=Nova Scotia;NT=Northwest Territories;NU=Nunavut;ON=Ontario;PE=Prince Edward Island;QC=Quebec;' +
    'SK=Saskatchewan;YT=Yukon',
);
const BR_STATES = options(
  'AC=Acre;AL=Alagoas;AP=Amapá;AM=Amazonas;BA=Bahia;CE=Ceará;DF=Distrito Federal;ES=Espírito Santo;' +
    'GO=Goiás;MA=Maranhão;MT=Mato Grosso;MS=Mato Grosso do Sul;MG=Minas Gerais;PA=Pará;PB=Paraíba;' +
    'PR=Paraná;PE=Pernambuco;PI=Piauí;RJ=Rio de Janeiro;RN=Rio Grande do Norte;RS=Rio Grande do Sul;' +
    'RO=Rondônia;RR=Roraima;SC=Santa Catarina;SP=São Paulo;SE=Sergipe;TO=Tocantins',
);
const AU_STATES = options(
  'ACT=Australian Capital Territory;NSW=New South Wales;NT=Northern Territory;QLD=Queensland;' +
    'SA=South Australia;TAS=Tasmania;VIC=Victoria;WA=Western Australia',
);

const D4 = '^\\d{4}$';
const D5 = '^\\d{5}$';
const D6 = '^\\d{6}$';

export const COUNTRIES: readonly TCountry[] = [
  { code: 'AE', name: 'United Arab Emirates', phone_code: '971', mask: '## ### ####', postcode: null },
  {
    code: 'AR',
    name: 'Argentina',
    phone_code: '54',
    mask: '## ####-####',
    postcode: '^[A-Za-z]?\\d{4}([A-Za-z]{3})?$',
  },
  { code: 'AT', name: 'Austria', phone_code: '43', mask: ['### #######', '### ########'], postcode: D4 },
  { code: 'AU', name: 'Australia', phone_code: '61', mask: '### ### ###', postcode: D4, regions: AU_STATES },
  { code: 'BE', name: 'Belgium', phone_code: '32', mask: '### ## ## ##', postcode: D4 },
  {
    code: 'BR',
    name: 'Brazil',
    phone_code: '55',
    mask: '(##) #####-####',
    postcode: '^\\d{5}-?\\d{3}$',
    documents: ['cpf'],
    regions: BR_STATES,
  },
  {
    code: 'CA',
    name: 'Canada',
    phone_code: '1',
    mask: '(###) ###-####',
    postcode: '^[A-Za-z]\\d[A-Za-z] ?\\d[A-Za-z]\\d$',
    regions: CA_PROVINCES,
  },
  { code: 'CH', name: 'Switzerland', phone_code: '41', mask: '## ### ## ##', postcode: D4 },
  { code: 'CL', name: 'Chile', phone_code: '56', mask: '# #### ####', postcode: '^\\d{7}$' },
  { code: 'CO', name: 'Colombia', phone_code: '57', mask: '### ### ####', postcode: D6 },
  { code: 'CY', name: 'Cyprus', phone_code: '357', mask: '## ######', postcode: D4 },
  { code: 'CZ', name: 'Czechia', phone_code: '420', mask: '### ### ###', postcode: '^\\d{3} ?\\d{2}$' },
  {
    code: 'DE',
    name: 'Germany',
    phone_code: '49',
    mask: ['### #######', '### ########', '#### #######'],
    postcode: D5,
  },
  { code: 'DK', name: 'Denmark', phone_code: '45', mask: '## ## ## ##', postcode: D4 },
  { code: 'EG', name: 'Egypt', phone_code: '20', mask: '### ### ####', postcode: D5 },
  { code: 'ES', name: 'Spain', phone_code: '34', mask: '### ### ###', postcode: D5 },
  { code: 'FI', name: 'Finland', phone_code: '358', mask: ['## ### ###', '## ### ####'], postcode: D5 },
  { code: 'FR', name: 'France', phone_code: '33', mask: '# ## ## ## ##', postcode: D5 },
  {
    code: 'GB',
    name: 'United Kingdom',
    phone_code: '44',
    mask: '#### ######',
    postcode: '^[A-Za-z]{1,2}\\d[A-Za-z\\d]? ?\\d[A-Za-z]{2}$',
  },
  { code: 'GH', name: 'Ghana', phone_code: '233', mask: '## ### ####', postcode: null },
  { code: 'GR', name: 'Greece', phone_code: '30', mask: '### ### ####', postcode: '^\\d{3} ?\\d{2}$' },
  { code: 'HU', name: 'Hungary', phone_code: '36', mask: '## ### ####', postcode: D4 },
  { code: 'ID', name: 'Indonesia', phone_code: '62', mask: ['### ### ####', '### #### ####'], postcode: D5 },
  {
    code: 'IE',
    name: 'Ireland',
    phone_code: '353',
    mask: '## ### ####',
    postcode: '^[A-Za-z\\d]{3} ?[A-Za-z\\d]{4}$',
  },
  { code: 'IL', name: 'Israel', phone_code: '972', mask: '##-###-####', postcode: '^\\d{7}$' },
  {
    code: 'IN',
    name: 'India',
    phone_code: '91',
    mask: '#####-#####',
    postcode: D6,
    documents: ['passport', 'pan_card', 'driving_license'],
  },
  { code: 'IT', name: 'Italy', phone_code: '39', mask: ['### ######', '### ### ####'], postcode: D5 },
  { code: 'JP', name: 'Japan', phone_code: '81', mask: '##-####-####', postcode: '^\\d{3}-?\\d{4}$' },
  { code: 'KE', name: 'Kenya', phone_code: '254', mask: '### ######', postcode: D5 },
  { code: 'KR', name: 'South Korea', phone_code: '82', mask: '##-####-####', postcode: D5 },
  {
    code: 'KZ',
    name: 'Kazakhstan',
    phone_code: '7',
    mask: '(###) ###-##-##',
    postcode: D6,
    middleName: true,
  },
  { code: 'MA', name: 'Morocco', phone_code: '212', mask: '## ### ####', postcode: D5 },
  { code: 'MT', name: 'Malta', phone_code: '356', mask: '#### ####', postcode: '^[A-Za-z]{3} ?\\d{4}$' },
  { code: 'MX', name: 'Mexico', phone_code: '52', mask: '## #### ####', postcode: D5 },
  { code: 'MY', name: 'Malaysia', phone_code: '60', mask: ['##-### ####', '##-#### ####'], postcode: D5 },
  { code: 'NG', name: 'Nigeria', phone_code: '234', mask: '### ### ####', postcode: D6 },
  {
    code: 'NL',
    name: 'Netherlands',
    phone_code: '31',
    mask: '# ########',
    postcode: '^\\d{4} ?[A-Za-z]{2}$',
  },
  { code: 'NO', name: 'Norway', phone_code: '47', mask: '### ## ###', postcode: D4 },
  { code: 'NZ', name: 'New Zealand', phone_code: '64', mask: ['## ### ###', '## ### ####'], postcode: D4 },
  { code: 'PE', name: 'Peru', phone_code: '51', mask: '### ### ###', postcode: D5 },
  { code: 'PH', name: 'Philippines', phone_code: '63', mask: '### ### ####', postcode: D4 },
  { code: 'PL', name: 'Poland', phone_code: '48', mask: '### ### ###', postcode: '^\\d{2}-\\d{3}$' },
  { code: 'PT', name: 'Portugal', phone_code: '351', mask: '### ### ###', postcode: '^\\d{4}-\\d{3}$' },
  { code: 'RO', name: 'Romania', phone_code: '40', mask: '### ### ###', postcode: D6 },
  { code: 'SA', name: 'Saudi Arabia', phone_code: '966', mask: '## ### ####', postcode: D5 },
  { code: 'SE', name: 'Sweden', phone_code: '46', mask: '##-### ## ##', postcode: '^\\d{3} ?\\d{2}$' },
  { code: 'SG', name: 'Singapore', phone_code: '65', mask: '#### ####', postcode: D6 },
  { code: 'TH', name: 'Thailand', phone_code: '66', mask: '## ### ####', postcode: D5 },
  { code: 'TR', name: 'Türkiye', phone_code: '90', mask: '(###) ###-####', postcode: D5 },
  { code: 'UA', name: 'Ukraine', phone_code: '380', mask: '## ### ## ##', postcode: D5, middleName: true },
  {
    code: 'US',
    name: 'United States',
    phone_code: '1',
    mask: '(###) ###-####',
    postcode: '^\\d{5}(-\\d{4})?$',
    regions: US_STATES,
  },
  { code: 'VN', name: 'Vietnam', phone_code: '84', mask: '## ### ## ##', postcode: D6 },
  { code: 'ZA', name: 'South Africa', phone_code: '27', mask: '## ### ####', postcode: D4 },
];

const BY_CODE = new Map(COUNTRIES.map((c) => [c.code, c]));

export const findCountry = (code: string | null | undefined): TCountry | undefined =>
  code ? BY_CODE.get(code.trim().toUpperCase()) : undefined;

export const DEFAULT_DOCUMENTS = ['passport', 'id_card', 'driving_license'];

/** The CPF (Brazilian taxpayer number): 11 digits with two check digits. */
export const isValidCpf = (value: string): boolean => {
  const digits = value.replace(/[.\-\s]/g, '');
  if (!/^\d{11}$/.test(digits) || /^(\d)\1{10}$/.test(digits)) return false;
  const check = (length: number) => {
    let sum = 0;
    for (let i = 0; i < length; i++) sum += Number(digits[i]) * (length + 1 - i);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  return check(9) === Number(digits[9]) && check(10) === Number(digits[10]);
};

// ---------------------------------------------------------------------------------------------------------
// Profile field definitions (spec §3)

export const FIELD_TYPES = [
  'input',
  'select',
  'phone',
  'date',
  'password',
  'country_code',
  'region',
] as const;
export type TFieldType = (typeof FIELD_TYPES)[number];

export interface TFieldDefinition {
  sysname: string;
  type: TFieldType;
  params: { is_required: boolean; is_visible: boolean };
  options: { mask?: string | string[]; list?: TOption[]; regex?: string };
}

export const SEX_OPTIONS: TOption[] = [
  { value: '1', label: 'male' },
  { value: '2', label: 'female' },
];

export const DEFAULT_POSTCODE_PATTERN = '^\\d{0,8}$';

const field = (
  sysname: string,
  type: TFieldType,
  is_required: boolean,
  options: TFieldDefinition['options'] = {},
  is_visible = true,
): TFieldDefinition => ({ sysname, type, params: { is_required, is_visible }, options });

/**
 * The personal-data fields for a country; an unknown country gets the generic set. A country without a postcode
 * format of its own takes `defaultPostcode` (the operator's validator config) or the spec's up to 8 digits.
 */
export const personalDataFields = (
  countryCode: string | null | undefined,
  defaultPostcode: string = DEFAULT_POSTCODE_PATTERN,
): TFieldDefinition[] => {
  const country = findCountry(countryCode);
  const documents = country?.documents ?? DEFAULT_DOCUMENTS;
  const isCpf = documents.length === 1 && documents[0] === 'cpf';
  const postcode = country?.postcode === undefined ? defaultPostcode : country.postcode;
  const regions = country?.regions ?? [];
  return [
    field('first_name', 'input', true),
    field('middle_name', 'input', false, {}, country?.middleName === true),
    field('last_name', 'input', true),
    field('sex', 'select', false, { list: SEX_OPTIONS }),
    field('birth_date', 'date', true, { mask: '##.##.####' }),
    field('country_code', 'country_code', true),
    field('region', 'region', regions.length > 0, { list: regions }, regions.length > 0),
    field('home_town', 'input', true),
    field('address', 'input', true),
    field(
      'postcode',
      'input',
      postcode !== null,
      postcode === null ? {} : { regex: postcode },
      postcode !== null,
    ),
    field('mobile', 'phone', false, country ? { mask: country.mask } : {}),
    field('document_type', 'select', false, {
      list: documents.map((value) => ({ value, label: value })),
    }),
    field(
      'document_number',
      'input',
      false,
      isCpf ? { mask: '###.###.###-##', regex: '^\\d{3}\\.?\\d{3}\\.?\\d{3}-?\\d{2}$' } : {},
    ),
  ];
};
