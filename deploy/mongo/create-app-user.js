// Run once by the mongo image's entrypoint, when its data volume is first initialised, as the root
// user (docker-entrypoint.sh runs /docker-entrypoint-initdb.d/*.js with mongosh). Creates the user
// the processes connect as: readWrite on the agentry database and nothing else, so neither the API
// nor the indexer holds MongoDB's root password (docker-compose.yml, MONGODB_URI). readWrite covers
// what they do: reads, writes and transactions, and migrate's createCollection, createIndex and
// dropIndex (https://www.mongodb.com/docs/v7.0/reference/built-in-roles/#mongodb-authrole-readWrite).
const password = process.env.MONGO_APP_PASSWORD;
if (!password) throw new Error('MONGO_APP_PASSWORD is not set');
db.getSiblingDB('agentry').createUser({
  user: 'agentry',
  pwd: password,
  roles: [{ role: 'readWrite', db: 'agentry' }],
});
