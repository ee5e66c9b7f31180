/** Labels of the personal-data fields (profile.personal.*), by sysname. */
export const FIELD_LABELS: Record<string, [key: string, fallback: string]> = {
  first_name: ['profile.personal.firstName', 'First name'],
  middle_name: ['profile.personal.middleName', 'Middle name'],
  last_name: ['profile.personal.lastName', 'Last name'],
  sex: ['profile.personal.sex', 'Gender'],
  birth_date: ['profile.personal.birthDate', 'Date of birth'],
  country_code: ['profile.personal.country', 'Country'],
  region: ['profile.personal.region', 'Region'],
  home_town: ['profile.personal.homeTown', 'City'],
  address: ['profile.personal.address', 'Address'],
  postcode: ['profile.personal.postcode', 'Postcode'],
  document_type: ['profile.personal.documentType', 'Document type'],
  document_number: ['profile.personal.documentNumber', 'Document number'],
  mobile: ['profile.contacts.phone', 'Phone'],
};

export const SEX_LABELS: Record<string, [key: string, fallback: string]> = {
  '0': ['profile.personal.sexUnset', 'Not specified'],
  '1': ['profile.personal.sexMale', 'Male'],
  '2': ['profile.personal.sexFemale', 'Female'],
};

export const DOCUMENT_LABELS: Record<string, [key: string, fallback: string]> = {
  passport: ['profile.personal.documents.passport', 'Passport'],
  id_card: ['profile.personal.documents.id_card', 'ID card'],
  driving_license: ['profile.personal.documents.driving_license', 'Driving licence'],
  cpf: ['profile.personal.documents.cpf', 'CPF'],
};
