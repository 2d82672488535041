import { z } from "zod";
import { QUERY_ARGS } from "./query-args";
import { defineLiveSource } from "./source";

// The extension guide's live source (docs/extend.md): simulated readings, no network. A reading
// is a function of the city and the 10-second window it falls in, so a test can predict it.

const CITIES = {
  lisbon: { name: "Lisbon", celsius: 21, windKmh: 14 },
  oslo: { name: "Oslo", celsius: 4, windKmh: 22 },
  tokyo: { name: "Tokyo", celsius: 16, windKmh: 9 },
} as const;
const SKIES = ["sunny", "cloudy", "rain"] as const;

export type WeatherCity = keyof typeof CITIES;

export function simulatedWeather(city: WeatherCity, now: number) {
  const window = Math.floor(now / 10_000);
  const { name, celsius, windKmh } = CITIES[city];
  return {
    city: name,
    celsius: celsius + (window % 5) - 2,
    sky: SKIES[window % SKIES.length]!,
    windKmh: windKmh + (window % 3),
  };
}

export const exampleWeatherSource = defineLiveSource({
  name: "example.weather",
  description:
    "Simulated weather in a city, changing every 10 seconds: { city, celsius, sky: sunny|cloudy|rain, windKmh }.",
  args: QUERY_ARGS["example.weather"],
  result: z.object({
    city: z.string(),
    celsius: z.number(),
    sky: z.enum(SKIES),
    windKmh: z.number().int().nonnegative(),
  }),
  // Weather is public: every reader may see every city.
  authorize: () => true,
  read: async ({ city }, { now }) => simulatedWeather(city, now),
});
