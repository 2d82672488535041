/** @type {import('next').NextConfig} */
const floorConfig = { poweredByHeader: false };

export default floorConfig;
