/**
 * Area codes offered at registration (SPEC.md section 3, country list entry). Vietnam first: +84 is
 * the default. No flags: a native <select> shows text only, and an emoji flag reads as two letters
 * on Windows (docs/decisions.md).
 */
export interface Country {
  name: string;
  dial: string;
}

export const COUNTRIES: readonly Country[] = [
  { name: 'Việt Nam', dial: '+84' },
  { name: '中国', dial: '+86' },
  { name: '香港', dial: '+852' },
  { name: '澳門', dial: '+853' },
  { name: '台灣', dial: '+886' },
  { name: 'Singapore', dial: '+65' },
  { name: 'Malaysia', dial: '+60' },
  { name: 'Thailand', dial: '+66' },
  { name: 'Cambodia', dial: '+855' },
  { name: 'Laos', dial: '+856' },
  { name: 'Philippines', dial: '+63' },
  { name: 'Indonesia', dial: '+62' },
  { name: 'Myanmar', dial: '+95' },
  { name: '日本', dial: '+81' },
  { name: '대한민국', dial: '+82' },
  { name: 'India', dial: '+91' },
  { name: 'Australia', dial: '+61' },
  { name: 'United Kingdom', dial: '+44' },
  { name: 'United States', dial: '+1' },
];
