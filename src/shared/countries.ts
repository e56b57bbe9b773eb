/** Area codes offered at registration (SPEC.md section 3, country list entry). Vietnam first: +84 is the default. */
export interface Country {
  name: string;
  dial: string;
  flag: string;
}

export const COUNTRIES: readonly Country[] = [
  { name: 'Việt Nam', dial: '+84', flag: '🇻🇳' },
  { name: '中国', dial: '+86', flag: '🇨🇳' },
  { name: '香港', dial: '+852', flag: '🇭🇰' },
  { name: '澳門', dial: '+853', flag: '🇲🇴' },
  { name: '台灣', dial: '+886', flag: '🇹🇼' },
  { name: 'Singapore', dial: '+65', flag: '🇸🇬' },
  { name: 'Malaysia', dial: '+60', flag: '🇲🇾' },
  { name: 'Thailand', dial: '+66', flag: '🇹🇭' },
  { name: 'Cambodia', dial: '+855', flag: '🇰🇭' },
  { name: 'Laos', dial: '+856', flag: '🇱🇦' },
  { name: 'Philippines', dial: '+63', flag: '🇵🇭' },
  { name: 'Indonesia', dial: '+62', flag: '🇮🇩' },
  { name: 'Myanmar', dial: '+95', flag: '🇲🇲' },
  { name: '日本', dial: '+81', flag: '🇯🇵' },
  { name: '대한민국', dial: '+82', flag: '🇰🇷' },
  { name: 'India', dial: '+91', flag: '🇮🇳' },
  { name: 'Australia', dial: '+61', flag: '🇦🇺' },
  { name: 'United Kingdom', dial: '+44', flag: '🇬🇧' },
  { name: 'United States', dial: '+1', flag: '🇺🇸' },
];
