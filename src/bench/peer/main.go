// s3loop: the thinnest Go S3 benchmark loop, on minio-go — the client library warp is built on, with warp's
// transport settings (32 KiB socket buffers, keep-alive, no compression) and warp's default put options. It stands
// in for warp in src/bench/vs-warp.sh where warp itself cannot be built; being leaner than warp (no per-operation
// records, no analysis), its CPU per operation is a floor for warp's, so beating it is the harder test.
//
//	s3loop -endpoint 127.0.0.1:9000 -access-key K -secret-key S -bucket B -op get|put|stat -size 1048576 \
//	       -concurrent 16 -objects 200 -duration 30s
//
// Prints "Starting benchmark" when the measured phase begins (after preparation), then a summary line.
package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"math/rand"
	"net"
	"net/http"
	"os"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
)

func main() {
	endpoint := flag.String("endpoint", "127.0.0.1:9000", "host:port")
	access := flag.String("access-key", "", "access key")
	secret := flag.String("secret-key", "", "secret key")
	bucket := flag.String("bucket", "s3loop", "bucket (created if missing)")
	op := flag.String("op", "get", "get, put or stat")
	size := flag.Int64("size", 1<<20, "object size in bytes")
	concurrent := flag.Int("concurrent", 16, "workers")
	objects := flag.Int("objects", 200, "objects prepared for get and stat")
	duration := flag.Duration("duration", 30*time.Second, "measured duration")
	noSha := flag.Bool("disable-sha256-payload", false, "as warp's flag: send uploads with UNSIGNED-PAYLOAD instead of hashing them")
	flag.Parse()

	transport := &http.Transport{
		Proxy:               http.ProxyFromEnvironment,
		DialContext:         (&net.Dialer{Timeout: 10 * time.Second, KeepAlive: 10 * time.Second}).DialContext,
		MaxIdleConnsPerHost: *concurrent,
		WriteBufferSize:     32 << 10,
		ReadBufferSize:      32 << 10,
		IdleConnTimeout:     90 * time.Second,
		DisableCompression:  true,
	}
	client, err := minio.New(*endpoint, &minio.Options{
		Creds: credentials.NewStaticV4(*access, *secret, ""), Secure: false, Transport: transport,
		BucketLookup: minio.BucketLookupPath,
	})
	check(err)
	ctx := context.Background()
	if ok, _ := client.BucketExists(ctx, *bucket); !ok {
		check(client.MakeBucket(ctx, *bucket, minio.MakeBucketOptions{}))
	}
	payload := make([]byte, *size)
	rand.New(rand.NewSource(1)).Read(payload)
	prefix := fmt.Sprintf("s3loop-%d", time.Now().UnixNano())
	key := func(i int) string { return fmt.Sprintf("%s/%d", prefix, i) }
	putOpts := minio.PutObjectOptions{ContentType: "application/octet-stream", DisableContentSha256: *noSha}
	put := func(i int) error {
		_, err := client.PutObject(ctx, *bucket, key(i), bytes.NewReader(payload), *size, putOpts)
		return err
	}
	if *op != "put" {
		forEach(*objects, *concurrent, func(i int) { check(put(i)) })
	}

	fmt.Println("Starting benchmark")
	deadline := time.Now().Add(*duration)
	var ops, errs atomic.Int64
	lat := make([][]time.Duration, *concurrent)
	var wg sync.WaitGroup
	for w := 0; w < *concurrent; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for i := w; time.Now().Before(deadline); i += *concurrent {
				start := time.Now()
				var err error
				switch *op {
				case "get":
					var o *minio.Object
					o, err = client.GetObject(ctx, *bucket, key(i%*objects), minio.GetObjectOptions{})
					if err == nil {
						_, err = io.Copy(io.Discard, o)
						o.Close()
					}
				case "stat":
					_, err = client.StatObject(ctx, *bucket, key(i%*objects), minio.StatObjectOptions{})
				case "put":
					err = put(*objects + i)
				}
				if err != nil {
					errs.Add(1)
					continue
				}
				ops.Add(1)
				lat[w] = append(lat[w], time.Since(start))
			}
		}(w)
	}
	wg.Wait()
	var all []time.Duration
	for _, l := range lat {
		all = append(all, l...)
	}
	sort.Slice(all, func(a, b int) bool { return all[a] < all[b] })
	pct := func(p float64) float64 {
		if len(all) == 0 {
			return 0
		}
		return float64(all[int(p*float64(len(all)-1))].Microseconds()) / 1000
	}
	fmt.Printf("s3loop: %d ops, %d errors, %.1f ops/s, p50 %.2f ms, p99 %.2f ms\n", ops.Load(), errs.Load(),
		float64(ops.Load())/duration.Seconds(), pct(0.50), pct(0.99))

	// Clean up what was written.
	keys := make(chan minio.ObjectInfo)
	go func() {
		defer close(keys)
		for o := range client.ListObjects(ctx, *bucket, minio.ListObjectsOptions{Prefix: prefix + "/", Recursive: true}) {
			keys <- o
		}
	}()
	for e := range client.RemoveObjects(ctx, *bucket, keys, minio.RemoveObjectsOptions{}) {
		fmt.Fprintln(os.Stderr, "cleanup:", e.Err)
	}
}

func forEach(n, workers int, f func(int)) {
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := int(next.Add(1) - 1); i < n; i = int(next.Add(1) - 1) {
				f(i)
			}
		}()
	}
	wg.Wait()
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "s3loop:", err)
		os.Exit(1)
	}
}
