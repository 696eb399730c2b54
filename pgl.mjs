import { PGlite } from '@electric-sql/pglite'
let t=Date.now()
const pg = await PGlite.create()
console.log('create', Date.now()-t); t=Date.now()
await pg.exec('create table a(x int); insert into a values (1)')
const blob = await pg.dumpDataDir('none')
console.log('dump', Date.now()-t, blob.size); t=Date.now()
const pg2 = await PGlite.create({ loadDataDir: blob })
console.log('load', Date.now()-t, (await pg2.query('select * from a')).rows)
