// Preloaded (node --import) into the server processes a test starts: the test holds their stdin,
// so when the test process ends, even killed without its afterAll, they end too.
process.stdin.on('end', () => process.exit(1)).resume()
